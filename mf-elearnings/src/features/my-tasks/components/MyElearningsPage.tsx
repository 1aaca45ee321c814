import { MemberTasksPage } from '@dash/shared-ui/tasks';
import { useMyElearnings } from '../api/getMyElearnings';

export default function MyElearningsPage() {
  return <MemberTasksPage useTasks={useMyElearnings} namespace="elearnings" />;
}
