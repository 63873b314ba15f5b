import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { AnswerSources, citedSources } from './citations/AnswerSources';
import { CitationLink } from './citations/CitationLink';
import { citationSourceOf, remarkCitations } from './citations/remark-citations';
import { legalSourceMode, SourceStatesContext, useSourceStates } from './citations/source-states';

const WEB_LINK = /^(?:https?:\/\/|mailto:)/i;

/**
 * Answers are untrusted text. Raw HTML stays text (no rehype-raw). Links open apart, and only
 * to other sites: a relative one could point at our own API. Images are never loaded (a
 * same-origin image is a request made with the reader's session): their description shows.
 */
export function safeAnswerUrl(url: string): string {
  if (!WEB_LINK.test(url.trim())) return '';
  // Written out in full, our own address is as much our API as a relative link.
  try {
    if (new URL(url.trim()).origin === window.location.origin) return '';
  } catch {
    return '';
  }
  return url;
}

const components: Components = {
  a: ({ node, href, children, ...props }) => {
    const source = citationSourceOf(node);
    if (href && source) {
      return (
        <CitationLink href={href} source={source}>
          {children}
        </CitationLink>
      );
    }
    return href ? (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    );
  },
  img: ({ alt }) => (alt ? <span>{`[${alt}]`}</span> : null),
  table: ({ node: _node, ...props }) => (
    <Box sx={{ overflowX: 'auto', my: 1.5 }}>
      <table {...props} />
    </Box>
  ),
};

/**
 * An answer's markdown (GitHub flavour) with tables and code styled for both themes; its
 * citations of the law are links to their official sources, listed under it and, once the
 * answer is `finished`, checked against their registers (unless LEGAL_SOURCES says not to).
 */
export const MarkdownAnswer = memo(function MarkdownAnswer({
  text,
  finished = true,
}: {
  text: string;
  finished?: boolean;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'pl' ? 'pl' : 'en';
  const linked = legalSourceMode() !== 'off';
  const plugins = useMemo(
    () => (linked ? [remarkGfm, remarkCitations(language)] : [remarkGfm]),
    [language, linked],
  );
  const sources = useMemo(() => (linked ? citedSources(text) : []), [text, linked]);
  const states = useSourceStates(sources, finished);
  return (
    <Box
      sx={(theme) => ({
        overflowWrap: 'anywhere',
        lineHeight: 1.65,
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& a': { color: 'primary.main' },
        '& table': { borderCollapse: 'collapse', minWidth: '100%', fontSize: '0.9em' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.25, py: 0.75, textAlign: 'left' },
        '& th': { bgcolor: alpha(theme.palette.text.primary, 0.06) },
        '& code': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.875em',
          bgcolor: alpha(theme.palette.text.primary, 0.08),
          borderRadius: 0.5,
          px: 0.5,
        },
        '& pre': {
          overflowX: 'auto',
          p: 1.5,
          borderRadius: 1,
          bgcolor: alpha(theme.palette.text.primary, 0.06),
          border: 1,
          borderColor: 'divider',
        },
        '& pre code': { bgcolor: 'transparent', p: 0 },
        '& blockquote': {
          m: 0,
          pl: 2,
          borderLeft: 3,
          borderColor: 'divider',
          color: 'text.secondary',
        },
      })}
    >
      <SourceStatesContext.Provider value={states}>
        <Markdown remarkPlugins={plugins} components={components} urlTransform={safeAnswerUrl}>
          {text}
        </Markdown>
        <AnswerSources sources={sources} />
      </SourceStatesContext.Provider>
    </Box>
  );
});
