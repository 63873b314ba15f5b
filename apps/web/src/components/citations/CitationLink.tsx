import Tooltip from '@mui/material/Tooltip';
import type { SourceRef } from '@themis/shared/citations';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sourceDescription, sourceTitle } from './source-names';

/**
 * A citation in an answer: a link to its official source, whose tooltip (on hover, focus or a
 * long press) names the act and what it is.
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
  const title = sourceTitle(source, i18n.language);
  const kind = sourceDescription(source, t);
  return (
    <Tooltip title={title ? t('citations.titleAndKind', { title, kind }) : kind} describeChild>
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" data-citation="">
        {children}
      </a>
    </Tooltip>
  );
}
