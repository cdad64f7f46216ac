import styles from './home-page.module.css';

interface ServiceListProps {
  id: string;
  title: string;
  lead: string;
  items: readonly string[];
}

/** One of the two service areas on the home page: a heading, a sentence, and the services. */
export function ServiceList({ id, title, lead, items }: ServiceListProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className={styles.lead}>{lead}</p>
      <ul className={styles.services}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
