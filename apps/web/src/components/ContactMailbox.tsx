import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CONTACT_EMAIL } from '@themis/shared';

export interface ContactMailboxProps {
  /** The sentence before the address, already translated. */
  prompt: string;
}

/** The product's contact mailbox as a mail link, after a sentence that fits the page. */
export function ContactMailbox({ prompt }: ContactMailboxProps) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid="contact-mailbox">
      {prompt}{' '}
      <Link href={`mailto:${CONTACT_EMAIL}`} sx={{ overflowWrap: 'anywhere' }}>
        {CONTACT_EMAIL}
      </Link>
    </Typography>
  );
}
