for _, url in ipairs({'notaurl', 'ftp://example.com/x', 'file:///etc/passwd'}) do
  PerformHttpRequest(url, function(status, body, headers, err)
    print(url, status, body, type(headers), next(headers), err)
  end)
end
CreateThread(function()
  print('await:', pcall(PerformHttpRequestAwait, 'notaurl'))
end)
