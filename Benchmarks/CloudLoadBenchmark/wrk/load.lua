-- The load CloudLoadBenchmark drives through wrk: one scenario per run, chosen by HEARTH_LOAD_SCENARIO.
--
--   modify   POST records/modify, HEARTH_LOAD_BATCH new records per request, users in turn
--   changes  POST records/changes, the first page of 100 of a user's changes
--   lookup   POST records/lookup, 10 seeded records of a user
--   query    POST records/query, a filtered query over a user's seeded records
--   mixed    modify, changes, lookup and query in turn (the soak)
--   get      GET the URL as it is (/health, the hello-world baseline)
--
-- Users' bearer tokens come one per line from the file HEARTH_LOAD_TOKENS; HEARTH_LOAD_RUN makes record
-- names unique across runs. At the end one line "HEARTH_LOAD {json}" gives the figures.

local threads = 0

function setup(thread)
  thread:set("tid", threads)
  threads = threads + 1
end

function init(args)
  scenario = os.getenv("HEARTH_LOAD_SCENARIO") or "get"
  run = os.getenv("HEARTH_LOAD_RUN") or "run"
  batch = tonumber(os.getenv("HEARTH_LOAD_BATCH") or "10")
  seeded = tonumber(os.getenv("HEARTH_LOAD_SEEDED") or "200")
  tokens = {}
  local path = os.getenv("HEARTH_LOAD_TOKENS")
  if path then
    for line in io.lines(path) do
      if #line > 0 then tokens[#tokens + 1] = line end
    end
  end
  counter = 0
  math.randomseed(tid * 7919 + 17)
end

local function post(path, token, body)
  return wrk.format("POST", "/cloud/v1/private/" .. path, {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. token,
  }, body)
end

local function modify(token)
  local operations = {}
  for i = 1, batch do
    operations[i] = string.format(
      '{"operationType":"create","record":{"recordName":"%s-%d-%d-%d","recordType":"ServiceEntry","fields":{' ..
      '"title":{"type":"STRING","value":"Oil and filter change %d"},"mileage":{"type":"INT64","value":%d},' ..
      '"cost":{"type":"DOUBLE","value":%d.99}}}}',
      run, tid, counter, i, counter, 10000 + counter * 7 + i, counter % 500)
  end
  return post("records/modify", token, '{"desiredKeys":[],"operations":[' .. table.concat(operations, ",") .. ']}')
end

local function changes(token)
  return post("records/changes", token, '{"resultsLimit":100}')
end

local function lookup(token)
  local names = {}
  local first = math.random(0, seeded - 10)
  for i = 1, 10 do names[i] = string.format('{"recordName":"seed-%d"}', first + i - 1) end
  return post("records/lookup", token, '{"records":[' .. table.concat(names, ",") .. ']}')
end

local function query(token)
  local below = math.random(10, seeded)
  return post("records/query", token, string.format(
    '{"query":{"recordType":"ServiceEntry","filterBy":[{"fieldName":"mileage","comparator":"LESS_THAN",' ..
    '"fieldValue":{"type":"INT64","value":%d}}]},"resultsLimit":20}', below))
end

local mixed = { modify, changes, lookup, query }

function request()
  counter = counter + 1
  if scenario == "get" then return wrk.format("GET") end
  -- Each thread walks through every user in turn, the threads half the list apart. (Each wrk thread runs
  -- its own copy of this script: only setup() sees how many threads there are.)
  local token = tokens[(counter + tid * math.floor(#tokens / 2)) % #tokens + 1]
  if scenario == "modify" then return modify(token) end
  if scenario == "changes" then return changes(token) end
  if scenario == "lookup" then return lookup(token) end
  if scenario == "query" then return query(token) end
  return mixed[counter % #mixed + 1](token)
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'HEARTH_LOAD {"requests":%d,"durationMicroseconds":%d,"p50Microseconds":%d,"p90Microseconds":%d,' ..
    '"p99Microseconds":%d,"maxMicroseconds":%d,"non2xx":%d,"socketErrors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
