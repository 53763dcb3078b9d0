const urls = ['notaurl', 'ftp://example.com/x', 'file:///etc/passwd'];
let n = 0;
for (const url of urls) {
  PerformHttpRequest(url, (status, body, headers, err) => {
    console.log(url, status, body, JSON.stringify(headers), err);
    if (++n === urls.length) setTimeout(() => ExecuteCommand('quit'), 50);
  });
}
