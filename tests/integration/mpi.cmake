# tpbench-mpi tests (owned by the mpi helper), label `mpi`: the split/reduction on synthetic data,
# and `mpirun -np 2/3 tpbench-mpi run --rate` on loopback against `tpbench serve --port 0`.
# Only when MPI was found (src/mpi is then built); scripts/setup installs Open MPI.
if(TARGET tpbench-mpi AND TARGET tpbench_mpi_reduce)
  add_executable(mpi_reduce_tests mpi_reduce_test.cpp)
  target_link_libraries(mpi_reduce_tests PRIVATE tpbench_doctest_main tpbench_warnings tpbench_mpi_reduce)
  doctest_discover_tests(mpi_reduce_tests ADD_LABELS 0 PROPERTIES LABELS mpi TIMEOUT 120)
  find_program(TPBENCH_PYTHON3 python3)
  if(MPIEXEC_EXECUTABLE AND TPBENCH_PYTHON3)
    foreach(case np2 np3 rank_fail ab refuse sweep closed_np2 closed_np3 closed_fail closed_ab)
      add_test(NAME mpi_run_${case}
               COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/mpi_run_test.sh $<TARGET_FILE:tpbench>
                       $<TARGET_FILE:tpbench-mpi> ${MPIEXEC_EXECUTABLE} ${case})
      set_tests_properties(mpi_run_${case} PROPERTIES LABELS mpi TIMEOUT 180)
    endforeach()
  endif()
endif()
