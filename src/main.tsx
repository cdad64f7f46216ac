import './styles/global.css';
import { startApp } from './app/start-app';

startApp();
