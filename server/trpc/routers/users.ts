import { router } from '../init.ts';

/** Filled in by the business API issue. */
export const usersRouter = router({});
