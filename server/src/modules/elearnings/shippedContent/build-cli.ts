// Writes the demo courses as SCORM zips, to try the upload by hand:
//   npx tsx server/src/modules/elearnings/shippedContent/build-cli.ts [output folder, default .data/demo-courses]
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildDemoCourseZip, DEMO_COURSES, type DemoCourse } from './demoCourses';

const output = path.resolve(process.argv[2] ?? path.join(process.cwd(), '.data', 'demo-courses'));
await mkdir(output, { recursive: true });
for (const course of Object.keys(DEMO_COURSES) as DemoCourse[]) {
  const file = path.join(output, DEMO_COURSES[course].fileName);
  await writeFile(file, await buildDemoCourseZip(course));
  console.log(file);
}
