// `npm run dev`: the local planning service and Vite with hot reload side by side (Vite proxies /api).
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '4780';
const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
