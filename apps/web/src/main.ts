import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { registerServiceWorker } from './pwa/register.ts';

mount(App, { target: document.getElementById('app')! });
// Only the build has a service worker: in `vite` dev every module is served fresh.
if (import.meta.env.PROD) registerServiceWorker();
