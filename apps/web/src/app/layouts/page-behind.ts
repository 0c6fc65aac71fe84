import { createContext, useContext } from 'react';

/** True inside an overlay route whose page behind the shop layout already shows. */
export const PageBehindContext = createContext(false);

export const useLayoutShowsPageBehind = () => useContext(PageBehindContext);
