import { PGlite } from '@electric-sql/pglite';
const mb = (x) => Math.round(x / 1048576);
const init = process.env.INIT ? Number(process.env.INIT) * 1048576 : undefined;
const db = await PGlite.create({
  dataDir: process.argv[2],
  ...(init && { initialMemory: init }),
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=' + (process.env.SB ?? '16MB')],
});
await db.query('select count(*) from messages');
for (let i = 0; i < 200; i++)
  await db.query(
    "select * from messages m join conversations c on c.id = m.conversation_id where m.content like '%x%' limit 50",
  );
const m = process.memoryUsage();
console.log(
  'init',
  process.env.INIT,
  'sb',
  process.env.SB,
  'rss',
  mb(m.rss),
  'ext',
  mb(m.external),
);
await db.close();
