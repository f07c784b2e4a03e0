// The README's two commands passed: migrate applied the compiled migration to the embedded catalog,
// status showed it applied, and the plugin that ran is the jar this build made (in the install
// phase's run, the one install put in the outer local repository, not an older copy).
def log = new File(basedir, 'build.log').readLines()
def has = { String text -> log.any { it.contains(text) } }
['[INFO] Applied migration 0001 (Create orders) to shop', '[INFO] shop is now at 0001',
 '[INFO] Versions of shop:'].each {
  assert has(it) : "Expecting \"${it}\" in the build log, but it is missing"
}
assert log.any { it ==~ /\[INFO\]   0001\s+Create orders\s+applied  \d{4}-.*/ } : 'Expecting status to show 0001 applied'
assert log.count { it.contains('BUILD SUCCESS') } == 2 : 'Expecting both commands to succeed'
def errors = log.findAll { it.contains('ERROR') }
assert errors.isEmpty() : "Expecting no ERROR in the build log, but found:\n${errors.take(5).join('\n')}"

def used = new File(localRepositoryPath, "dev/icebergops/iceberg-ops-maven-plugin/${pluginVersion}/iceberg-ops-maven-plugin-${pluginVersion}.jar")
assert used.isFile() : "Expecting the plugin in the nested build's repository at ${used}, but it is missing"
assert used.bytes == new File(pluginJar).bytes : "Expecting the nested build to run ${pluginJar}, but ${used} differs"
return true
