import './styles/global.css';
import { startApp } from './app/start-app.tsx';

// The built page loads this script once it has been parsed and painted (see
// src/prerender/boot-script.ts). Starting in a task of its own keeps the browser responsive between
// evaluating the libraries and taking over the page.
setTimeout(startApp, 0);
