# Licensed to the Apache Software Foundation (ASF) under one
# or more contributor license agreements.  See the NOTICE file
# distributed with this work for additional information
# regarding copyright ownership.  The ASF licenses this file
# to you under the Apache License, Version 2.0 (the
# "License"); you may not use this file except in compliance
# with the License.  You may obtain a copy of the License at
#
#   http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing,
# software distributed under the License is distributed on an
# "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY
# KIND, either express or implied.  See the License for the
# specific language governing permissions and limitations
# under the License.

@StepClassData @DataBinary
Feature: Data - BINARY

  @GraphComputerVerificationInjectionNotSupported @SupportsBinary
  Scenario: g_injectXBinaryXAQIDXX
    Given the empty graph
    And the traversal of
      """
      g.inject(Binary("AQID"))
      """
    When iterated to list
    Then the result should be unordered
      | result |
      | bin[AQID] |

  @GraphComputerVerificationInjectionNotSupported @SupportsBinary
  Scenario: g_injectXBinaryXemptyXX
    Given the empty graph
    And the traversal of
      """
      g.inject(Binary(""))
      """
    When iterated to list
    Then the result should be unordered
      | result |
      | bin[] |

  @GraphComputerVerificationInjectionNotSupported @SupportsBinary
  Scenario: g_injectXBinaryXAA_eqeqXX
    Given the empty graph
    And the traversal of
      """
      g.inject(Binary("AA=="))
      """
    When iterated to list
    Then the result should be unordered
      | result |
      | bin[AA==] |

  @SupportsBinary
  Scenario: g_valuesXblobX_isXtypeOfXGType_BINARYXX
    Given the empty graph
    And the graph initializer of
      """
      g.addV("data").property("blob", Binary("AQID"))
      """
    And the traversal of
      """
      g.V().values("blob").is(P.typeOf(GType.BINARY))
      """
    When iterated to list
    Then the result should be unordered
      | result |
      | bin[AQID] |

  @GraphComputerVerificationInjectionNotSupported @SupportsBinary
  Scenario: g_injectXBinaryXAQIDXX_isXeqXBinaryXAQIDXXX
    Given the empty graph
    And the traversal of
      """
      g.inject(Binary("AQID")).is(P.eq(Binary("AQID")))
      """
    When iterated to list
    Then the result should be unordered
      | result |
      | bin[AQID] |
