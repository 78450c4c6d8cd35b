-- The load PantryBenchmark drives through wrk. With HEARTH_LOAD_COOKIE set, every request GETs the URL with that
-- session cookie, as a signed-in browser does (the web pages); otherwise every request POSTs the same GraphQL body
-- (the dashboard operation, read from the file HEARTH_LOAD_BODY) to the URL, with the bearer token
-- HEARTH_LOAD_TOKEN. At the end one line "HEARTH_LOAD {json}" gives the figures.

function init(args)
  local cookie = os.getenv("HEARTH_LOAD_COOKIE")
  if cookie then
    request_text = wrk.format("GET", nil, {
      ["Cookie"] = "hearth_session=" .. cookie,
      ["Accept"] = "text/html",
    }, nil)
    return
  end
  local file = assert(io.open(os.getenv("HEARTH_LOAD_BODY"), "rb"))
  local body = file:read("*a")
  file:close()
  request_text = wrk.format("POST", nil, {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. os.getenv("HEARTH_LOAD_TOKEN"),
  }, body)
end

function request()
  return request_text
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'HEARTH_LOAD {"requests":%d,"durationMicroseconds":%d,"p50Microseconds":%d,"p90Microseconds":%d,' ..
    '"p99Microseconds":%d,"maxMicroseconds":%d,"non2xx":%d,"socketErrors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
