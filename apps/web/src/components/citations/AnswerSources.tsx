import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX } from '@themis/shared';
import { findCitations, officialLink, sourceKey, type SourceRef } from '@themis/shared/citations';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sourceDescription, sourceTitle } from './source-names';

/** Code and the texts of the answer's own links: not linked as citations, so not listed. */
const NOT_CITED = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`|!?\[[^\]\n]*\]\([^)\n]*\)/g;

/** Each source an answer cites, once, in the order it is first cited. */
function citedSources(markdown: string): SourceRef[] {
  const sources = new Map<string, SourceRef>();
  for (const { source } of findCitations(markdown.replace(NOT_CITED, ' '))) {
    const key = sourceKey(source);
    if (!sources.has(key)) sources.set(key, source);
  }
  return [...sources.values()];
}

/**
 * The list under an answer of the acts and judgments it cites, each linked to its official
 * source; folded on a phone.
 */
export function AnswerSources({ text }: { text: string }) {
  const { t, i18n } = useTranslation('chat');
  // Read at once, so that a phone's list is folded from its first drawing.
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, { noSsr: true });
  const sources = useMemo(() => citedSources(text), [text]);
  if (!sources.length) return null;
  const language = i18n.language === 'pl' ? 'pl' : 'en';
  return (
    <Box
      component="details"
      open={!phone}
      data-testid="answer-sources"
      sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider', fontSize: '0.875rem' }}
    >
      <Typography component="summary" variant="subtitle2" sx={{ cursor: 'pointer', py: 0.5 }}>
        {t('citations.sourcesCount', { count: sources.length })}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {sources.map((source) => {
          const title = sourceTitle(source, language);
          const description = sourceDescription(source, t);
          return (
            <Box component="li" key={sourceKey(source)} sx={{ py: 0.25 }}>
              <Link
                href={officialLink(source, language)}
                target="_blank"
                rel="noopener noreferrer nofollow"
              >
                {title ?? description}
              </Link>
              {title && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {t('citations.kindAfterTitle', { kind: description })}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
