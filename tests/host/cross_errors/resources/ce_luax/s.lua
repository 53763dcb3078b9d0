exports('boom', function()
  error('lua export failed')
end)
exports('hop', function()
  return exports.ce_luax:boom() -- the error crosses twice: its origin is said once
end)
