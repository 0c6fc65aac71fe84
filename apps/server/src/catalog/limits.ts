/**
 * Counts that are not kept by counters stop here: beyond it a listing says "1,000+" (the screen
 * shows the total with a '+', from `totalCapped`), so no request reads more than 1,001 matches.
 */
export const COUNT_CAP = 1000;
