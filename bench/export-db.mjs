// The export bench's database side, run by bench/export.mjs under tsx with the server's own
// code while the server is stopped (PGlite has one process): gives each conversation of
// CONVERSATIONS (comma-separated, each `conversation:owner`) 200 messages, questions and
// legal answers with a heading, a list, a table and citations. Prints one JSON line.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';

const MESSAGES = 200;

const ANSWER = [
  '## Wypowiedzenie umowy najmu',
  '',
  'Zgodnie z **art. 673 § 1 k.c.** umowę najmu zawartą na czas nieoznaczony można wypowiedzieć ' +
    'z zachowaniem terminów umownych; zob. też art. 11 ust. 2 ustawy o ochronie praw lokatorów ' +
    '(Dz.U. 2023 poz. 725) i wyrok C-311/18.',
  '',
  '1. sprawdź *termin* w umowie',
  '2. wypowiedz na piśmie',
  '',
  '| Czynsz płatny | Termin wypowiedzenia |',
  '| --- | --- |',
  '| miesięcznie | 3 miesiące |',
  '| tygodniowo | 1 tydzień |',
  '',
  'Pamiętaj, że art. 6 k.c. nakłada ciężar dowodu na tego, kto wywodzi skutki prawne.',
].join('\n');

async function seed(db) {
  const pairs = process.env.CONVERSATIONS.split(',').map((pair) => pair.split(':'));
  for (const [conversationId, ownerId] of pairs) {
    await db.execute(sql`
      insert into messages (conversation_id, user_id, role, content, status, model_id)
      select ${conversationId}::uuid, ${ownerId}::uuid,
        case when g % 2 = 1 then 'user' else 'assistant' end,
        case when g % 2 = 1 then 'Pytanie ' || g || ': czy najemca może wypowiedzieć umowę?'
          else ${ANSWER} end,
        'complete', case when g % 2 = 1 then null else 'demo:themis-demo' end
      from generate_series(1, ${MESSAGES}::int) g`);
  }
  await db.execute(sql`analyze messages`);
  return { conversations: pairs.length, messages_each: MESSAGES };
}

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
});
try {
  console.log(JSON.stringify(await seed(handle.db)));
} finally {
  await handle.close();
}
