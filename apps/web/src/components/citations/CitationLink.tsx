import Tooltip from '@mui/material/Tooltip';
import type { SourceRef } from '@themis/shared/citations';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sourceDescription, sourceTitle } from './source-names';
import { stateText, useSourceState } from './source-states';

/**
 * A citation in an answer: a link to its official source, whose tooltip (on hover, focus or a
 * long press) names the act, what it is and, once checked, what its register says of it.
 */
export function CitationLink({
  href,
  source,
  children,
}: {
  href: string;
  source: SourceRef;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('chat');
  const checked = useSourceState(source);
  const title = sourceTitle(source, i18n.language) ?? checked?.title ?? undefined;
  const kind = sourceDescription(source, t);
  const named = title ? t('citations.titleAndKind', { title, kind }) : kind;
  return (
    <Tooltip
      title={checked ? t('citations.withState', { named, state: stateText(checked, t) }) : named}
      describeChild
      // Inside the page's main landmark, as everything shown must be.
      slotProps={{ popper: { container: () => document.querySelector('main') ?? document.body } }}
    >
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" data-citation="">
        {children}
      </a>
    </Tooltip>
  );
}
