# Renders the sample HTML report, loads it in headless Chromium and checks the DOM the browser
# built: the three SVG plots and their data series must be there.
# Inputs: -DCHROMIUM=path -DSAMPLE=path/to/report_sample -DWORK=scratch directory
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/profile")
execute_process(COMMAND "${SAMPLE}" "${WORK}/sample.html" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "report_sample failed: ${rc}")
endif()
execute_process(
  COMMAND "${CHROMIUM}" --headless --no-sandbox --disable-gpu --disable-background-networking
          --disable-component-update --disable-sync --no-first-run "--user-data-dir=${WORK}/profile"
          --dump-dom "file://${WORK}/sample.html"
  OUTPUT_VARIABLE dom ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "chromium --dump-dom failed (${rc}): ${err}")
endif()
foreach(id plot-spectrum plot-latency-time plot-throughput-time ab-summary summary)
  string(FIND "${dom}" "id=\"${id}\"" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "element #${id} missing from the browser DOM")
  endif()
endforeach()
string(REGEX MATCHALL "<svg " svgs "${dom}")
list(LENGTH svgs n_svg)
string(REGEX MATCHALL "<polyline class=\"series\"" lines "${dom}")
list(LENGTH lines n_lines)
if(NOT n_svg EQUAL 3 OR NOT n_lines EQUAL 10)
  message(FATAL_ERROR "expected 3 SVG plots with 10 series in the DOM, got ${n_svg} and ${n_lines}")
endif()
message(STATUS "browser DOM ok: ${n_svg} SVG plots, ${n_lines} series")
