import { startLegalRegistersStandIn } from '../apps/server/test/legal-registers-stand-in';
import { E2E_REGISTERS_PORT } from './env';

// Run with `npx tsx e2e/legal-registers-server.ts`; Playwright starts it before the Themis
// server, which checks the answers' citations here instead of the Sejm's ELI API and SAOS.
const registers = await startLegalRegistersStandIn(E2E_REGISTERS_PORT);
registers.acts.set('DU/1964/93', {
  ELI: 'DU/1964/93',
  title: 'Ustawa z dnia 23 kwietnia 1964 r. - Kodeks cywilny',
  status: 'obowiązujący',
  inForce: 'IN_FORCE',
});
registers.acts.set('DU/1997/883', {
  ELI: 'DU/1997/883',
  title: 'Ustawa z dnia 29 sierpnia 1997 r. o ochronie danych osobowych',
  status: 'uchylony',
  inForce: 'NOT_IN_FORCE',
  repealDate: '2018-05-25',
  references: { 'Akty uchylające': [{ id: 'DU/2018/1000', date: '2018-05-25' }] },
});
registers.judgments.set('III CZP 25/22', 12345);
process.stdout.write(`Registers ready at ${registers.eliUrl} and ${registers.saosUrl}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void registers.close().then(() => process.exit(0));
  });
}
