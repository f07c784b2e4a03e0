// Checks the user's build beyond "it passed": Surefire ran the tests, the embedded server said
// nothing at ERROR level (plain slf4j-simple, no simplelogger.properties), and the BOM aligned
// the AWS SDK.
def log = new File(basedir, 'build.log').readLines()
println "user-project build.log: ${log.size()} lines"

def totals = log.findAll { it ==~ /.*Tests run: \d+, Failures: \d+, Errors: \d+, Skipped: \d+$/ }
assert !totals.isEmpty() : 'Surefire printed no test summary: the build ran no tests'
def summary = (totals.last() =~ /Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)/)[0]
def run = summary[1] as int
assert run >= 2 : "Expecting Surefire to run the suite's tests, but it ran ${run}: ${totals.last()}"
assert summary[4] as int == 0 : "Expecting no skipped test, but: ${totals.last()}"

def errors = log.findAll { it.contains('ERROR') }
def traces = log.findAll { it ==~ /\s+at [\w$.<>\/]+ ?\(.*\)/ || it.startsWith("Caused by: ") }
def warnings = log.findAll { it ==~ /.*\] WARN .*/ }
println "ERROR lines: ${errors.size()}, stack trace lines: ${traces.size()}, WARN lines: ${warnings.size()}"
assert errors.isEmpty() : "Expecting no ERROR in a passing run, but found ${errors.size()}:\n${errors.take(5).join('\n')}"
assert traces.isEmpty() : "Expecting no stack trace in a passing run, but found ${traces.size()} lines:\n${traces.take(5).join('\n')}"

def aws = new File(basedir, 'target/awssdk.txt').readLines()
    .findAll { it.contains('software.amazon.awssdk:') }
    .collect { it.trim().split(':') }
def versions = aws.collect { it[3] }.unique()
assert aws.size() >= 10 : "Expecting the AWS SDK on the class path, but found ${aws.size()} jars"
assert versions == [awssdkVersion] :
    "Expecting every AWS SDK jar at ${awssdkVersion}, but found ${versions}:\n${aws.collect { it.join(':') }.join('\n')}"
return true
