import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { maintenanceListener } from '../features/maintenance';
import { api } from './api/api';
import { preferencesSlice } from './preferences';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [preferencesSlice.name]: preferencesSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(maintenanceListener.middleware).concat(api.middleware),
  });
  // Enables refetchOnFocus / refetchOnReconnect.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
