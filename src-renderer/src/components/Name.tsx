import { Fragment, type ReactNode } from 'react';

/**
 * A user-given name inside a sentence, table cell or count, isolated (`<bdi>`) so one written right to left never
 * reorders the words and numbers around it: "Score: ليلى حداد 8 – 5 王小明" keeps its 8 beside its player.
 */
export function Name({ children }: { children: string }) {
  return <bdi>{children}</bdi>;
}

/** "Ana v Bo", each name isolated. */
export function Players({ names }: { names: readonly string[] }) {
  return (
    <>
      <Name>{names[0]!}</Name> v <Name>{names[1]!}</Name>
    </>
  );
}

/**
 * A line built elsewhere as plain text (the battle record's wording) with each of `names` that occurs in it
 * isolated, longest first so a name containing another is isolated whole. Text without any of them is unchanged.
 */
export function isolateNames(text: string, names: readonly string[]): ReactNode {
  const wanted = [...new Set(names.filter((n) => n.trim().length > 0))].sort((x, y) => y.length - x.length);
  if (wanted.length === 0) return text;
  const parts: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest.length > 0) {
    let at = -1;
    let found = '';
    for (const n of wanted) {
      const i = rest.indexOf(n);
      if (i >= 0 && (at < 0 || i < at || (i === at && n.length > found.length))) [at, found] = [i, n];
    }
    if (at < 0) break;
    if (at > 0) parts.push(rest.slice(0, at));
    parts.push(<bdi key={key++}>{found}</bdi>);
    rest = rest.slice(at + found.length);
  }
  if (rest) parts.push(rest);
  return <Fragment>{parts}</Fragment>;
}
