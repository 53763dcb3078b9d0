exports('boom', function()
  error('lua export failed')
end)
