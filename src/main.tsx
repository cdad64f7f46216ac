import './styles/global.css';
import { startApp } from './app/start-app';

// The built page loads this script once it has painted, possibly before the HTML is fully parsed.
// Starting in a task of its own keeps the browser responsive between evaluating the libraries and
// taking over the page.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => startApp(), { once: true });
} else {
  setTimeout(startApp, 0);
}
