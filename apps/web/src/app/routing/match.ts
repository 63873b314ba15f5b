export type Params = Record<string, string | undefined>;

/** A route path compiled for matching: `/chat/:id`, `/billing/*`; no optional segments. */
export interface PathPattern {
  regexp: RegExp;
  names: string[];
}

const PARAM = /^:(\w+)$/;

/** `/a/:b?/c` as every path it stands for: `/a/:b/c` and `/a/c`. */
export function explodeOptionalSegments(path: string): string[] {
  let paths = [''];
  for (const segment of path.split('/').filter((part) => part !== '')) {
    const optional = segment.endsWith('?');
    const withSegment = paths.map(
      (start) => `${start}/${optional ? segment.slice(0, -1) : segment}`,
    );
    paths = optional ? [...withSegment, ...paths] : withSegment;
  }
  return paths.map((each) => each || '/');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function compilePath(path: string): PathPattern {
  const names: string[] = [];
  const source = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (segment === '*') {
        names.push('*');
        return '(?:/(.+))?';
      }
      const param = PARAM.exec(segment);
      if (param) {
        names.push(param[1]!);
        return '/([^/]+)';
      }
      return `/${escape(segment)}`;
    })
    .join('');
  // Like the browser's own paths, matching ignores case and one trailing slash.
  return { regexp: new RegExp(`^${source}/?$`, 'i'), names };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The parameters of `pathname` under `pattern`, or null when it does not match. */
export function execPath(pattern: PathPattern, pathname: string): Params | null {
  const found = pattern.regexp.exec(pathname);
  if (!found) return null;
  const params: Params = {};
  pattern.names.forEach((name, index) => {
    const value = found[index + 1];
    params[name] = value === undefined ? undefined : decode(value);
  });
  return params;
}

/**
 * How specific a path is, so that `/organizations/invitation` wins over
 * `/organizations/:tab` wherever either is declared: a static segment outweighs a parameter,
 * which outweighs a splat.
 */
export function rankPath(path: string, index: boolean): number {
  const segments = path.split('/').filter((segment) => segment !== '');
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') score -= 2;
    else score += PARAM.test(segment) ? 3 : 10;
  }
  return score;
}

/** A path's parameters under one route pattern (`/chat/:id`), or null. */
export function matchPath(path: string, pathname: string): { params: Params } | null {
  const params = execPath(compilePath(path), pathname);
  return params ? { params } : null;
}
