import { createCertificate } from '../harness/receiver/cert.ts';
import { startServer } from '../harness/receiver/server.ts';
const tls = await createCertificate('127.0.0.1');
const l = await startServer(tls, '127.0.0.1', 9911, (req, res) => {
  res.end('ok');
});
let conns = 0;
l.server.on('secureConnection', () => {
  conns++;
});
setInterval(() => {
  l.server.getConnections((_e, n) => console.log(`open ${n} accepted ${conns} rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`));
}, 2000);
