import { Fragment, type ReactNode } from 'react';

/** A label and its value; false, null or undefined leaves the pair out (a field that does not apply to this record). */
export type Fact = readonly [label: string, value: ReactNode] | false | null | undefined;

/** A record's facts as label–value pairs, the way every detail card shows them. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  const shown = facts.filter((fact): fact is readonly [string, ReactNode] => !!fact);
  return (
    <dl className="record-fields">
      {shown.map(([label, value], index) => (
        <Fragment key={`${label}-${index}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
