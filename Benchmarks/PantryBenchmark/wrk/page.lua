-- The load PantryBenchmark's web run drives through wrk: every request GETs the URL with the session cookie
-- HEARTH_LOAD_COOKIE, as a signed-in browser does. At the end one line "HEARTH_LOAD {json}" gives the figures.

function init(args)
  request_text = wrk.format("GET", nil, {
    ["Cookie"] = "hearth_session=" .. os.getenv("HEARTH_LOAD_COOKIE"),
    ["Accept"] = "text/html",
  }, nil)
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
