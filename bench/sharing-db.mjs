// The sharing bench's database side, run by bench/sharing.mjs under tsx with the server's own
// code, against the server's database while the server is stopped (PGlite has one process).
// `conversations` gives OWNER a conversation of 2,000 messages (CONVERSATION) and 999 short
// ones; `visitors` records 20 visitors on every link. DATABASE_URL names PostgreSQL; without
// it, the PGlite under DATA_DIR. Prints one JSON line.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';

const MESSAGES = 2_000;
const OTHER_CONVERSATIONS = 999;
const VISITORS = 20;

const ownerId = process.env.OWNER;
const conversationId = process.env.CONVERSATION;

// About what a question and a legal answer hold: a paragraph and a few of markdown.
const ANSWER =
  '## Odpowiedź\n\nZgodnie z **art. 6 k.c.** ciężar udowodnienia faktu spoczywa na osobie, ' +
  'która z faktu tego wywodzi skutki prawne.\n\n- termin: 14 dni\n- forma: pisemna\n\n'.repeat(3);

async function conversations(db) {
  await db.execute(sql`
    insert into messages (conversation_id, user_id, role, content, status, model_id)
    select ${conversationId}::uuid, ${ownerId}::uuid,
      case when g % 2 = 1 then 'user' else 'assistant' end,
      case when g % 2 = 1 then 'Pytanie ' || g || ': czy najemca może wypowiedzieć umowę?'
        else ${ANSWER} end,
      'complete', case when g % 2 = 1 then null else 'demo' end
    from generate_series(1, ${MESSAGES}::int) g`);
  await db.execute(sql`
    insert into conversations (user_id, name, updated_at)
    select ${ownerId}::uuid, 'Sprawa ' || g, now() - g * interval '1 minute'
    from generate_series(1, ${OTHER_CONVERSATIONS}::int) g`);
  await db.execute(sql`analyze messages`);
  await db.execute(sql`analyze conversations`);
  return { messages: MESSAGES, other_conversations: OTHER_CONVERSATIONS };
}

async function visitors(db) {
  await db.execute(sql`
    insert into users (email, name, surname, activated_at, has_personal_info_set)
    select 'bench.visitor' || g || '@example.com', 'Jan' || g, 'Visitor' || g, now(), true
    from generate_series(1, ${VISITORS}::int) g`);
  await db.execute(sql`
    insert into share_visitors (share_id, user_id, first_visited_at)
    select s.id, u.id, now() - (row_number() over (partition by s.id order by u.id)) * interval '1 second'
    from conversation_shares s
    cross join users u
    where s.user_id = ${ownerId}::uuid and u.email like 'bench.visitor%@example.com'`);
  for (const table of ['conversation_shares', 'share_messages', 'share_visitors']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  return { visitors_per_link: VISITORS };
}

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
});
try {
  const mode = process.argv[2];
  const result =
    mode === 'conversations' ? await conversations(handle.db) : await visitors(handle.db);
  console.log(JSON.stringify(result));
} finally {
  await handle.close();
}
