import type { ReactNode } from 'react';
import { CloseLink } from '../close-link/close-link.tsx';
import styles from './legal-page.module.css';

interface LegalPageProps {
  title: string;
  children: ReactNode;
}

/** The frame of the imprint and the privacy statement: headline, close "X", readable text column. */
export function LegalPage({ title, children }: LegalPageProps) {
  return (
    <article className={styles.legalPage}>
      <header className={styles.header}>
        <h1>{title}</h1>
        <CloseLink />
      </header>
      {children}
    </article>
  );
}
