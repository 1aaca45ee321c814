/**
 * The router APIs the areas use. Areas import them from here, never from 'react-router' itself: shared-ui is a
 * federation singleton provided by the shell, so every area works with the shell's one router, and react-router
 * ships once, tree-shaken to what is used (shared whole, all of it would load before the sign-in page).
 */
export {
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
