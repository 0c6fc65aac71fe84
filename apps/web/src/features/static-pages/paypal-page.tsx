export { PaypalPage as default } from './payment-info-page.tsx';
