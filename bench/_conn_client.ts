import { connect } from 'node:tls';
const n = Number(process.argv[2] ?? 5000);
const socks = [];
let ok = 0,
  failed = 0;
for (let i = 0; i < n; i++) {
  await new Promise<void>((resolve) => {
    const s = connect({ host: '127.0.0.1', port: 9911, rejectUnauthorized: false }, () => {
      ok++;
      resolve();
    });
    s.on('error', () => {
      failed++;
      resolve();
    });
    s.on('close', () => {});
    socks.push(s);
  });
}
console.log(`client: ${ok} connected, ${failed} failed`);
setTimeout(() => process.exit(0), 8000);
