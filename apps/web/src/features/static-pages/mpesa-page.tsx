export { MpesaPage as default } from './payment-info-page.tsx';
