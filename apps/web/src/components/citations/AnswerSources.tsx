import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX, type CheckedLegalSource } from '@themis/shared';
import {
  findCitations,
  officialLink,
  parseSourceKey,
  sourceKey,
  type SourceRef,
} from '@themis/shared/citations';
import { useTranslation } from 'react-i18next';
import { sourceDescription, sourceTitle } from './source-names';
import { stateText, useSourceState } from './source-states';

/** Code and the texts of the answer's own links: not linked as citations, so not listed. */
const NOT_CITED = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`|!?\[[^\]\n]*\]\([^)\n]*\)/g;

/** Each source an answer cites, once, in the order it is first cited. */
export function citedSources(markdown: string): SourceRef[] {
  const sources = new Map<string, SourceRef>();
  for (const { source } of findCitations(markdown.replace(NOT_CITED, ' '))) {
    const key = sourceKey(source);
    if (!sources.has(key)) sources.set(key, source);
  }
  return [...sources.values()];
}

/** A mark of each state beside its words (never the colour alone). */
const STATE_MARKS: Record<
  CheckedLegalSource['state'],
  { Icon: typeof CheckCircleOutline; colour: string }
> = {
  in_force: { Icon: CheckCircleOutline, colour: 'success.main' },
  found: { Icon: CheckCircleOutline, colour: 'success.main' },
  repealed: { Icon: HistoryOutlined, colour: 'warning.main' },
  not_found: { Icon: ErrorOutline, colour: 'error.main' },
  not_checked: { Icon: HelpOutline, colour: 'text.secondary' },
};

function SourceState({
  checked,
  language,
}: {
  checked: CheckedLegalSource;
  language: 'pl' | 'en';
}) {
  const { t } = useTranslation('chat');
  const { Icon, colour } = STATE_MARKS[checked.state];
  // The act that repealed it, where the register names one.
  const repealer = checked.repealed_by ? parseSourceKey(checked.repealed_by) : undefined;
  return (
    <Box
      component="span"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
    >
      <Icon aria-hidden sx={{ fontSize: '1rem', color: colour }} />
      <Typography
        component="span"
        variant="body2"
        data-testid="source-state"
        sx={{ fontWeight: 500 }}
      >
        {stateText(checked, t)}
      </Typography>
      {repealer && (
        <Typography component="span" variant="body2" data-testid="source-repealed-by">
          {t('citations.repealedBy')}{' '}
          <Link
            href={officialLink(repealer, language)}
            target="_blank"
            rel="noopener noreferrer nofollow"
          >
            {sourceTitle(repealer, language) ?? sourceDescription(repealer, t)}
          </Link>
        </Typography>
      )}
    </Box>
  );
}

function SourceItem({ source, language }: { source: SourceRef; language: 'pl' | 'en' }) {
  const { t } = useTranslation('chat');
  const checked = useSourceState(source);
  const title = sourceTitle(source, language) ?? checked?.title ?? undefined;
  const description = sourceDescription(source, t);
  return (
    <Box component="li" sx={{ py: 0.25 }} data-state={checked?.state}>
      <Link
        href={checked?.url ?? officialLink(source, language)}
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
      {checked && <SourceState checked={checked} language={language} />}
    </Box>
  );
}

/**
 * The list under an answer of the acts and judgments it cites, each linked to its official
 * source with what its register says of it; folded on a phone.
 */
export function AnswerSources({ sources }: { sources: readonly SourceRef[] }) {
  const { t, i18n } = useTranslation('chat');
  // Read at once, so that a phone's list is folded from its first drawing.
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, { noSsr: true });
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
        {sources.map((source) => (
          <SourceItem key={sourceKey(source)} source={source} language={language} />
        ))}
      </Box>
    </Box>
  );
}
