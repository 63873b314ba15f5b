import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { runtimeConfig } from '../app/runtime-config';

export interface ContactMailboxProps {
  /** The sentence before the address, already translated. */
  prompt: string;
}

/** The product's contact mailbox as a mail link, after a sentence that fits the page. */
export function ContactMailbox({ prompt }: ContactMailboxProps) {
  const { contactEmail } = runtimeConfig();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="contact-mailbox">
      {prompt}{' '}
      <Link href={`mailto:${contactEmail}`} sx={{ overflowWrap: 'anywhere' }}>
        {contactEmail}
      </Link>
    </Typography>
  );
}
