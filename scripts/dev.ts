// npm run dev: the API server with reload on change (tsx watch, port 3000) and Vite's dev server
// with hot module reload (http://localhost:5173, proxying /api to the API server).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { PORT: '3000', ...process.env },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
console.log('Open http://localhost:5173 (API on http://localhost:3000)');

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
