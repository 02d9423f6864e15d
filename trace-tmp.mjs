import { chromium } from 'playwright';
import fs from 'node:fs';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const js = process.argv[3] !== 'nojs';
const ctx = await b.newContext({ javaScriptEnabled: js, viewport: { width: 412, height: 823 } });
const p = await ctx.newPage();
await b.startTracing(p, { categories: ['devtools.timeline','loading','blink','v8.execute','disabled-by-default-devtools.timeline'] });
await p.goto(process.argv[2], { waitUntil: 'load' });
await p.waitForTimeout(1500);
const buf = await b.stopTracing();
const ev = JSON.parse(buf.toString()).traceEvents;
const nav = ev.find(e => e.name === 'ResourceSendRequest' && e.args?.data?.url?.includes('/discover')) ?? ev.find(e=>e.name==='ResourceSendRequest');
const t0 = nav.ts;
const names = new Set(['firstPaint','firstContentfulPaint','largestContentfulPaint::Candidate','ParseHTML','EvaluateScript','v8.compileModule','FunctionCall','Paint','Layout','UpdateLayoutTree','ResourceFinish','ResourceSendRequest','domContentLoadedEventEnd','MarkDOMContent','TimerFire','FireAnimationFrame','v8.evaluateModule','RunMicrotasks']);
const ph = ev.find(e => e.name==='ParseHTML' && e.args?.beginData?.url?.includes('127.0.0.1'));
const out = ev.filter(e => names.has(e.name) && (e.pid===ph.pid)  && e.ts >= t0 && (e.ph==='X'||e.ph==='I'||e.ph==='R'||e.ph==='b'||e.ph==='n'||e.ph==='i'))
  .sort((a,b)=>a.ts-b.ts)
  .map(e => `${((e.ts-t0)/1000).toFixed(1).padStart(7)} ${(e.dur? (e.dur/1000).toFixed(1):'').padStart(6)} ${e.name} ${e.args?.data?.url?.slice(-40) ?? e.args?.beginData?.url?.slice(-30) ?? e.args?.data?.nodeName ?? ''}`);
console.log(out.filter(l=>!/ (Paint|Layout|UpdateLayoutTree) /.test(l) || true).slice(0,120).join('\n'));
await b.close();
