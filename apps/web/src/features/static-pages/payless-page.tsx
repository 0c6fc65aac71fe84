export { PaylessPage as default } from './payment-info-page.tsx';
