import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * Typed hooks for shared code and features. The full RootState lives in app/store.ts, which lib/ and
 * features may not import; each slice exports selectors typed by the part of the state it owns, and
 * `useAppSelector` infers the state type from the selector.
 */
export type AppThunkDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppThunkDispatch>();

export const useAppSelector = <TState, TSelected>(selector: (state: TState) => TSelected): TSelected =>
  useSelector<TState, TSelected>(selector);
