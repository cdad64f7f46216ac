import styles from './home-page.module.css';

interface ServiceListProps {
  id: string;
  title: string;
  lead: string;
  /** Each service's name, and its language when it differs from the page's. */
  items: readonly { name: string; lang: string | undefined }[];
}

/** One of the two service areas on the home page: a heading, a sentence, and the services. */
export function ServiceList({ id, title, lead, items }: ServiceListProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className={styles.lead}>{lead}</p>
      <ul className={styles.services}>
        {items.map(({ name, lang }) => (
          <li key={name} lang={lang}>
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}
