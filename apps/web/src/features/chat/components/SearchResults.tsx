import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SearchHit } from '@themis/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useGetMeQuery } from '../../user/api';

/** The snippet with each occurrence of the query marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const needle = query.trim().toLowerCase();
  if (!needle) return text;
  const parts: string[] = [];
  let rest = text;
  for (let index = rest.toLowerCase().indexOf(needle); index >= 0;) {
    parts.push(rest.slice(0, index), rest.slice(index, index + needle.length));
    rest = rest.slice(index + needle.length);
    index = rest.toLowerCase().indexOf(needle);
  }
  parts.push(rest);
  return parts.map((part, index) =>
    // Odd parts are the matches.
    index % 2 === 1 ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>,
  );
}

export interface SearchResultsProps {
  query: string;
  hits: SearchHit[] | undefined;
  loading: boolean;
  onNavigate?: () => void;
}

/** Conversations and messages matching the search; a message hit opens at that message. */
export function SearchResults({ query, hits, loading, onNavigate }: SearchResultsProps) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const { data: me } = useGetMeQuery();
  // Sealed text is never indexed: someone who encrypts is told why theirs are not found.
  const encryptedNote = me?.encryption.is_encryption_key_set && (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block', px: 1, py: 0.5 }}
      data-testid="search-encrypted-note"
    >
      {t('search.encryptedNote')}
    </Typography>
  );
  if (loading && !hits) {
    return (
      <Typography variant="body2" sx={{ px: 1, py: 1 }}>
        {t('search.searching')}
      </Typography>
    );
  }
  if (!hits || hits.length === 0) {
    return (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 1 }} role="status">
          {t('search.empty')}
        </Typography>
        {encryptedNote}
      </>
    );
  }
  return (
    <>
      {encryptedNote}
      <List
        dense
        aria-label={t('search.results')}
        sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }}
      >
        {hits.map((hit) => (
          <ListItem key={`${hit.conversation_pk}-${hit.message_pk ?? 'name'}`} disablePadding>
            <ListItemButton
              sx={{ borderRadius: 1 }}
              onClick={() => {
                const target = `${paths.chat}/${hit.conversation_pk}`;
                void navigate(
                  hit.message_seq === null ? target : `${target}?message=${hit.message_seq}`,
                );
                onNavigate?.();
              }}
            >
              <ListItemText
                primary={hit.conversation_name || t('history.untitled')}
                secondary={<Highlighted text={hit.snippet} query={query} />}
                slotProps={{
                  primary: { noWrap: true, variant: 'body2' },
                  secondary: {
                    sx: {
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                    },
                  },
                }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  );
}
