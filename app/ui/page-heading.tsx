import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './records.css';

interface PageHeadingProps {
  /** The list the screen belongs to, linked from the breadcrumb above the title. */
  parentHref: string;
  parentLabel: string;
  title: ReactNode;
}

export function PageHeading({ parentHref, parentLabel, title }: PageHeadingProps) {
  return (
    <>
      <p className="breadcrumb">
        <Link to={parentHref}>{parentLabel}</Link>
      </p>
      <h1 className="page-title">{title}</h1>
    </>
  );
}
