-- weft:lazy SetHttpHandler PerformHttpRequest PerformHttpRequestAwait
-- http.lua: SetHttpHandler's req/res objects (FiveM's shapes over the
-- natives of src/api/net.c) and outbound HTTP, for Lua resources. A lazy
-- prelude: it runs on first use of one of the names above.
local resName = GetCurrentResourceName()
local WeftHttpSetHandler, WeftHttpSetDataHandler = WeftHttpSetHandler, WeftHttpSetDataHandler
local WeftHttpWriteHead, WeftHttpWrite, WeftHttpEnd = WeftHttpWriteHead, WeftHttpWrite, WeftHttpEnd
local tostring = tostring

local function body(d)
  if d == nil then return '' end
  return tostring(d)
end

-- writeHead's checks: a bad status or header is an error at the caller's
-- line (it was a silent 500), with Node's wording.
local function checkHead(status, headers)
  if status == nil then status = 200 end
  local code = math.tointeger(status)
  if not code or code < 100 or code > 999 then
    error('Invalid status code: ' .. tostring(status), 3)
  end
  headers = headers or {}
  if type(headers) ~= 'table' then error('writeHead: headers must be a table', 3) end
  for name, v in pairs(headers) do
    if type(name) ~= 'string' or not name:match("^[%^_`%a%-%d!#%$%%&'%*%+%.|~]+$") then
      error('Header name must be a valid HTTP token ["' .. tostring(name) .. '"]', 3)
    end
    local vals = type(v) == 'table' and v or { v }
    for _, one in ipairs(vals) do
      if (type(one) == 'string' or type(one) == 'number') and tostring(one):find('[^\t\32-\126\128-\255]') then
        error('Invalid character in header content ["' .. name .. '"]', 3)
      end
    end
  end
  return code, headers
end

function SetHttpHandler(handler)
  if handler == nil then return WeftHttpSetHandler(resName, nil) end
  WeftHttpSetHandler(resName, function(info)
    local id = info.id
    local req = { method = info.method, path = info.path, headers = info.headers, address = info.address }
    req.setDataHandler = function(cb) WeftHttpSetDataHandler(id, cb) end
    req.setCancelHandler = function() end
    local res = {}
    res.writeHead = function(status, headers)
      status, headers = checkHead(status, headers)
      WeftHttpWriteHead(id, status, headers)
    end
    res.write = function(data) WeftHttpWrite(id, body(data)) end
    res.send = function(data) WeftHttpEnd(id, body(data)) end
    handler(req, res)
  end)
end

-- outbound HTTP: PerformHttpRequest(url, cb(status, body, headers, errorData), method,
-- data, headers, options) and PerformHttpRequestAwait(url, method, data, headers, options)
-- -> status, body, headers, errorData (inside a thread), on WeftHttpRequest (libcurl)
local WeftHttpRequest = WeftHttpRequest
local httpSeq = 0
local function request(url, method, data, headers, options)
  httpSeq = httpSeq + 1
  return WeftHttpRequest(resName .. ':' .. httpSeq, tostring(url), tostring(method or 'GET'),
    data ~= nil and tostring(data) or '', headers or {}, options or {})
end
local function unpackResult(r)
  if r.error then return 0, nil, {}, r.error end
  if r.status >= 400 then return r.status, nil, r.headers, r.body end
  return r.status, r.body, r.headers, nil
end

function PerformHttpRequest(url, cb, method, data, headers, options)
  -- a request refused before it starts (not http/https, too many in flight) is a failed
  -- request too: status 0 and the reason, as FiveM's 'Failure handling HTTP request'
  request(url, method, data, headers, options):next(function(r)
    if cb then cb(unpackResult(r)) end
  end, function(e)
    if cb then cb(0, nil, {}, type(e) == 'table' and e.message or tostring(e)) end
  end)
end

function PerformHttpRequestAwait(url, method, data, headers, options)
  return unpackResult(Citizen.Await(request(url, method, data, headers, options)))
end
