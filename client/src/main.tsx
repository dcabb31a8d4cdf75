import './styles.css';
import { startApp } from './start.tsx';

startApp();
