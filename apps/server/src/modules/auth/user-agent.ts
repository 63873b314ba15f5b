/** Browser and operating system names for the connected-devices list. */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  const browsers: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/Windows/, 'Windows'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const find = (rules: [RegExp, string][]) =>
    rules.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Unknown';
  return { browser: find(browsers), os: find(systems) };
}
