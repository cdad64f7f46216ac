import { Icon } from '../../components/icon/icon.tsx';
import type { IconName } from '../../components/icon/icon-names.ts';
import styles from './home-page.module.css';

export interface Service {
  name: string;
  /** The name's language when it differs from the page's (an English term on the German page). */
  lang: string | undefined;
  description: string;
  icon: IconName;
}

interface ServiceListProps {
  id: string;
  title: string;
  lead: string;
  items: readonly Service[];
}

/**
 * One of the two service areas on the home page: a heading, a sentence, and the services, each
 * with its name as heading, an icon and what a client gets from it.
 */
export function ServiceList({ id, title, lead, items }: ServiceListProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className={styles.lead}>{lead}</p>
      <ul className={styles.services}>
        {items.map(({ name, lang, description, icon }) => (
          <li key={name} className={styles.service}>
            <span className={styles.serviceIcon}>
              <Icon name={icon} />
            </span>
            <h3 className={styles.serviceName} lang={lang}>
              {name}
            </h3>
            <p className={styles.serviceText}>{description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
