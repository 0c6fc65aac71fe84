// What people are told about delivery, word for word on the screens and in the API's errors.
export const DELIVERY_MESSAGES = {
  unknownCounty: 'Choose a county from the list.',
  feeRange: 'Enter a fee from Ksh 0 to Ksh 100,000.',
  daysRange: 'Enter a number of days from 0 to 60.',
  minAboveMax: 'The fewest days cannot be more than the most days.',
  payOnDeliveryMax: 'Enter a maximum of at least Ksh 1, or leave it empty for no limit.',
  chooseCounties: 'Choose at least one county.',
  nothingToChange: 'Nothing to change.',
  unknownPickupPoint: 'Choose a pickup point from the list.',
  inactivePickupPoint: 'This pickup point is closed. Please choose another.',
  choosePickupPoint: 'Choose a pickup point.',
  payOnDelivery: 'Pay on delivery',
  homeDelivery: 'Home delivery',
  pickupDelivery: 'Pickup point',
} as const;

/** How an order paid on delivery names its payment method (orders.payment_method). */
export const PAY_ON_DELIVERY_LABEL = DELIVERY_MESSAGES.payOnDelivery;
