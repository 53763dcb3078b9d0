// The bench's echo: each net event is answered to its sender with
// TriggerClientEvent; a small SetHttpHandler reply for the HTTP rows.
onNet('weft:bench', (seq, t) => emitNet('weft:bench', source, seq, t));
SetHttpHandler((req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.send('hello world');
});
