# generated from ui/assistant_dialog.ui by pyside6-uic — do not edit; run python -m chathub_desktop.gui.form_compiler
# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'assistant_dialog.ui'
##
## Created by: Qt User Interface Compiler
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QCheckBox, QComboBox,
    QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout,
    QGroupBox, QHBoxLayout, QLabel, QLineEdit,
    QPlainTextEdit, QSizePolicy, QSpacerItem, QSpinBox,
    QTabWidget, QToolButton, QVBoxLayout, QWidget)

class Ui_AssistantDialog(object):
    def setupUi(self, AssistantDialog):
        if not AssistantDialog.objectName():
            AssistantDialog.setObjectName(u"AssistantDialog")
        AssistantDialog.resize(600, 540)
        self.mainLayout = QVBoxLayout(AssistantDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.tabs = QTabWidget(AssistantDialog)
        self.tabs.setObjectName(u"tabs")
        self.generalTab = QWidget()
        self.generalTab.setObjectName(u"generalTab")
        self.generalLayout = QVBoxLayout(self.generalTab)
        self.generalLayout.setObjectName(u"generalLayout")
        self.formLayout = QFormLayout()
        self.formLayout.setObjectName(u"formLayout")
        self.formLayout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.nameLabel = QLabel(self.generalTab)
        self.nameLabel.setObjectName(u"nameLabel")

        self.formLayout.setWidget(0, QFormLayout.ItemRole.LabelRole, self.nameLabel)

        self.nameRow = QHBoxLayout()
        self.nameRow.setObjectName(u"nameRow")
        self.avatarCombo = QComboBox(self.generalTab)
        self.avatarCombo.setObjectName(u"avatarCombo")
        self.avatarCombo.setEditable(True)

        self.nameRow.addWidget(self.avatarCombo)

        self.nameEdit = QLineEdit(self.generalTab)
        self.nameEdit.setObjectName(u"nameEdit")

        self.nameRow.addWidget(self.nameEdit)


        self.formLayout.setLayout(0, QFormLayout.ItemRole.FieldRole, self.nameRow)

        self.providerLabel = QLabel(self.generalTab)
        self.providerLabel.setObjectName(u"providerLabel")

        self.formLayout.setWidget(1, QFormLayout.ItemRole.LabelRole, self.providerLabel)

        self.providerRow = QHBoxLayout()
        self.providerRow.setObjectName(u"providerRow")
        self.providerCombo = QComboBox(self.generalTab)
        self.providerCombo.setObjectName(u"providerCombo")
        sizePolicy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        sizePolicy.setHorizontalStretch(1)
        sizePolicy.setVerticalStretch(0)
        sizePolicy.setHeightForWidth(self.providerCombo.sizePolicy().hasHeightForWidth())
        self.providerCombo.setSizePolicy(sizePolicy)

        self.providerRow.addWidget(self.providerCombo)

        self.providerHelp = QToolButton(self.generalTab)
        self.providerHelp.setObjectName(u"providerHelp")
        self.providerHelp.setAutoRaise(True)

        self.providerRow.addWidget(self.providerHelp)


        self.formLayout.setLayout(1, QFormLayout.ItemRole.FieldRole, self.providerRow)

        self.modelLabel = QLabel(self.generalTab)
        self.modelLabel.setObjectName(u"modelLabel")

        self.formLayout.setWidget(2, QFormLayout.ItemRole.LabelRole, self.modelLabel)

        self.modelRow = QHBoxLayout()
        self.modelRow.setObjectName(u"modelRow")
        self.modelCombo = QComboBox(self.generalTab)
        self.modelCombo.setObjectName(u"modelCombo")
        self.modelCombo.setEditable(True)
        sizePolicy.setHeightForWidth(self.modelCombo.sizePolicy().hasHeightForWidth())
        self.modelCombo.setSizePolicy(sizePolicy)

        self.modelRow.addWidget(self.modelCombo)

        self.modelHelp = QToolButton(self.generalTab)
        self.modelHelp.setObjectName(u"modelHelp")
        self.modelHelp.setAutoRaise(True)

        self.modelRow.addWidget(self.modelHelp)


        self.formLayout.setLayout(2, QFormLayout.ItemRole.FieldRole, self.modelRow)

        self.instructionsLabel = QLabel(self.generalTab)
        self.instructionsLabel.setObjectName(u"instructionsLabel")

        self.formLayout.setWidget(3, QFormLayout.ItemRole.LabelRole, self.instructionsLabel)

        self.instructionsEdit = QPlainTextEdit(self.generalTab)
        self.instructionsEdit.setObjectName(u"instructionsEdit")
        self.instructionsEdit.setTabChangesFocus(True)

        self.formLayout.setWidget(3, QFormLayout.ItemRole.FieldRole, self.instructionsEdit)

        self.templateLabel = QLabel(self.generalTab)
        self.templateLabel.setObjectName(u"templateLabel")

        self.formLayout.setWidget(4, QFormLayout.ItemRole.LabelRole, self.templateLabel)

        self.templateRow = QHBoxLayout()
        self.templateRow.setObjectName(u"templateRow")
        self.templateEdit = QLineEdit(self.generalTab)
        self.templateEdit.setObjectName(u"templateEdit")

        self.templateRow.addWidget(self.templateEdit)

        self.templateHelp = QToolButton(self.generalTab)
        self.templateHelp.setObjectName(u"templateHelp")
        self.templateHelp.setAutoRaise(True)

        self.templateRow.addWidget(self.templateHelp)


        self.formLayout.setLayout(4, QFormLayout.ItemRole.FieldRole, self.templateRow)

        self.maxTokensCheck = QCheckBox(self.generalTab)
        self.maxTokensCheck.setObjectName(u"maxTokensCheck")

        self.formLayout.setWidget(5, QFormLayout.ItemRole.LabelRole, self.maxTokensCheck)

        self.maxTokensRow = QHBoxLayout()
        self.maxTokensRow.setObjectName(u"maxTokensRow")
        self.maxTokensSpin = QSpinBox(self.generalTab)
        self.maxTokensSpin.setObjectName(u"maxTokensSpin")
        self.maxTokensSpin.setMinimum(1)
        self.maxTokensSpin.setMaximum(1000000)
        self.maxTokensSpin.setSingleStep(256)
        self.maxTokensSpin.setValue(4096)
        self.maxTokensSpin.setGroupSeparatorShown(True)

        self.maxTokensRow.addWidget(self.maxTokensSpin)

        self.maxTokensHelp = QToolButton(self.generalTab)
        self.maxTokensHelp.setObjectName(u"maxTokensHelp")
        self.maxTokensHelp.setAutoRaise(True)

        self.maxTokensRow.addWidget(self.maxTokensHelp)

        self.maxTokensSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.maxTokensRow.addItem(self.maxTokensSpacer)


        self.formLayout.setLayout(5, QFormLayout.ItemRole.FieldRole, self.maxTokensRow)

        self.memoryRow = QHBoxLayout()
        self.memoryRow.setObjectName(u"memoryRow")
        self.memoryCheck = QCheckBox(self.generalTab)
        self.memoryCheck.setObjectName(u"memoryCheck")

        self.memoryRow.addWidget(self.memoryCheck)

        self.memoryHelp = QToolButton(self.generalTab)
        self.memoryHelp.setObjectName(u"memoryHelp")
        self.memoryHelp.setAutoRaise(True)

        self.memoryRow.addWidget(self.memoryHelp)

        self.recallCheck = QCheckBox(self.generalTab)
        self.recallCheck.setObjectName(u"recallCheck")

        self.memoryRow.addWidget(self.recallCheck)

        self.recallHelp = QToolButton(self.generalTab)
        self.recallHelp.setObjectName(u"recallHelp")
        self.recallHelp.setAutoRaise(True)

        self.memoryRow.addWidget(self.recallHelp)

        self.memorySpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.memoryRow.addItem(self.memorySpacer)


        self.formLayout.setLayout(6, QFormLayout.ItemRole.FieldRole, self.memoryRow)


        self.generalLayout.addLayout(self.formLayout)

        self.tabs.addTab(self.generalTab, "")
        self.chatPrefTab = QWidget()
        self.chatPrefTab.setObjectName(u"chatPrefTab")
        self.chatPrefLayout = QVBoxLayout(self.chatPrefTab)
        self.chatPrefLayout.setObjectName(u"chatPrefLayout")
        self.historyGroup = QGroupBox(self.chatPrefTab)
        self.historyGroup.setObjectName(u"historyGroup")
        self.historyLayout = QVBoxLayout(self.historyGroup)
        self.historyLayout.setObjectName(u"historyLayout")
        self.historyLimitRow = QHBoxLayout()
        self.historyLimitRow.setObjectName(u"historyLimitRow")
        self.historyLimitCheck = QCheckBox(self.historyGroup)
        self.historyLimitCheck.setObjectName(u"historyLimitCheck")

        self.historyLimitRow.addWidget(self.historyLimitCheck)

        self.historyLimitSpin = QSpinBox(self.historyGroup)
        self.historyLimitSpin.setObjectName(u"historyLimitSpin")
        self.historyLimitSpin.setMinimum(0)
        self.historyLimitSpin.setMaximum(100000)
        self.historyLimitSpin.setValue(20)
        self.historyLimitSpin.setGroupSeparatorShown(True)

        self.historyLimitRow.addWidget(self.historyLimitSpin)

        self.historyLimitHelp = QToolButton(self.historyGroup)
        self.historyLimitHelp.setObjectName(u"historyLimitHelp")
        self.historyLimitHelp.setAutoRaise(True)

        self.historyLimitRow.addWidget(self.historyLimitHelp)

        self.historyLimitSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.historyLimitRow.addItem(self.historyLimitSpacer)


        self.historyLayout.addLayout(self.historyLimitRow)

        self.summarizeRow = QHBoxLayout()
        self.summarizeRow.setObjectName(u"summarizeRow")
        self.summarizeCheck = QCheckBox(self.historyGroup)
        self.summarizeCheck.setObjectName(u"summarizeCheck")

        self.summarizeRow.addWidget(self.summarizeCheck)

        self.summarizeHelp = QToolButton(self.historyGroup)
        self.summarizeHelp.setObjectName(u"summarizeHelp")
        self.summarizeHelp.setAutoRaise(True)

        self.summarizeRow.addWidget(self.summarizeHelp)

        self.summarizeSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.summarizeRow.addItem(self.summarizeSpacer)


        self.historyLayout.addLayout(self.summarizeRow)


        self.chatPrefLayout.addWidget(self.historyGroup)

        self.compactGroup = QGroupBox(self.chatPrefTab)
        self.compactGroup.setObjectName(u"compactGroup")
        self.compactLayout = QFormLayout(self.compactGroup)
        self.compactLayout.setObjectName(u"compactLayout")
        self.presetLabel = QLabel(self.compactGroup)
        self.presetLabel.setObjectName(u"presetLabel")

        self.compactLayout.setWidget(0, QFormLayout.ItemRole.LabelRole, self.presetLabel)

        self.presetRow = QHBoxLayout()
        self.presetRow.setObjectName(u"presetRow")
        self.presetCombo = QComboBox(self.compactGroup)
        self.presetCombo.setObjectName(u"presetCombo")
        self.presetCombo.setMinimumContentsLength(10)

        self.presetRow.addWidget(self.presetCombo)

        self.presetHelp = QToolButton(self.compactGroup)
        self.presetHelp.setObjectName(u"presetHelp")
        self.presetHelp.setAutoRaise(True)

        self.presetRow.addWidget(self.presetHelp)

        self.presetSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.presetRow.addItem(self.presetSpacer)


        self.compactLayout.setLayout(0, QFormLayout.ItemRole.FieldRole, self.presetRow)

        self.autoCompactRow = QHBoxLayout()
        self.autoCompactRow.setObjectName(u"autoCompactRow")
        self.autoCompactCheck = QCheckBox(self.compactGroup)
        self.autoCompactCheck.setObjectName(u"autoCompactCheck")

        self.autoCompactRow.addWidget(self.autoCompactCheck)

        self.autoCompactHelp = QToolButton(self.compactGroup)
        self.autoCompactHelp.setObjectName(u"autoCompactHelp")
        self.autoCompactHelp.setAutoRaise(True)

        self.autoCompactRow.addWidget(self.autoCompactHelp)

        self.autoCompactSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.autoCompactRow.addItem(self.autoCompactSpacer)


        self.compactLayout.setLayout(1, QFormLayout.ItemRole.FieldRole, self.autoCompactRow)

        self.highWatermarkLabel = QLabel(self.compactGroup)
        self.highWatermarkLabel.setObjectName(u"highWatermarkLabel")

        self.compactLayout.setWidget(2, QFormLayout.ItemRole.LabelRole, self.highWatermarkLabel)

        self.highWatermarkRow = QHBoxLayout()
        self.highWatermarkRow.setObjectName(u"highWatermarkRow")
        self.highWatermarkSpin = QDoubleSpinBox(self.compactGroup)
        self.highWatermarkSpin.setObjectName(u"highWatermarkSpin")
        self.highWatermarkSpin.setDecimals(2)
        self.highWatermarkSpin.setMinimum(0.500000000000000)
        self.highWatermarkSpin.setMaximum(0.990000000000000)
        self.highWatermarkSpin.setSingleStep(0.010000000000000)
        self.highWatermarkSpin.setValue(0.800000000000000)

        self.highWatermarkRow.addWidget(self.highWatermarkSpin)

        self.highWatermarkHelp = QToolButton(self.compactGroup)
        self.highWatermarkHelp.setObjectName(u"highWatermarkHelp")
        self.highWatermarkHelp.setAutoRaise(True)

        self.highWatermarkRow.addWidget(self.highWatermarkHelp)

        self.highWatermarkSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.highWatermarkRow.addItem(self.highWatermarkSpacer)


        self.compactLayout.setLayout(2, QFormLayout.ItemRole.FieldRole, self.highWatermarkRow)

        self.lowWatermarkLabel = QLabel(self.compactGroup)
        self.lowWatermarkLabel.setObjectName(u"lowWatermarkLabel")

        self.compactLayout.setWidget(3, QFormLayout.ItemRole.LabelRole, self.lowWatermarkLabel)

        self.lowWatermarkValue = QLabel(self.compactGroup)
        self.lowWatermarkValue.setObjectName(u"lowWatermarkValue")

        self.compactLayout.setWidget(3, QFormLayout.ItemRole.FieldRole, self.lowWatermarkValue)

        self.probeSummariesCheck = QCheckBox(self.compactGroup)
        self.probeSummariesCheck.setObjectName(u"probeSummariesCheck")

        self.compactLayout.setWidget(4, QFormLayout.ItemRole.FieldRole, self.probeSummariesCheck)

        self.cardLanguageRow = QHBoxLayout()
        self.cardLanguageRow.setObjectName(u"cardLanguageRow")
        self.cardLanguageLabel = QLabel(self.compactGroup)
        self.cardLanguageLabel.setObjectName(u"cardLanguageLabel")

        self.cardLanguageRow.addWidget(self.cardLanguageLabel)

        self.cardLanguageCombo = QComboBox(self.compactGroup)
        self.cardLanguageCombo.setObjectName(u"cardLanguageCombo")

        self.cardLanguageRow.addWidget(self.cardLanguageCombo)

        self.cardLanguageHelp = QToolButton(self.compactGroup)
        self.cardLanguageHelp.setObjectName(u"cardLanguageHelp")
        self.cardLanguageHelp.setAutoRaise(True)

        self.cardLanguageRow.addWidget(self.cardLanguageHelp)

        self.cardLanguageSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.cardLanguageRow.addItem(self.cardLanguageSpacer)


        self.compactLayout.setLayout(5, QFormLayout.ItemRole.FieldRole, self.cardLanguageRow)


        self.chatPrefLayout.addWidget(self.compactGroup)

        self.chatPrefSpacer = QSpacerItem(20, 10, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.chatPrefLayout.addItem(self.chatPrefSpacer)

        self.tabs.addTab(self.chatPrefTab, "")
        self.samplingTab = QWidget()
        self.samplingTab.setObjectName(u"samplingTab")
        self.samplingLayout = QVBoxLayout(self.samplingTab)
        self.samplingLayout.setObjectName(u"samplingLayout")
        self.samplingIntro = QLabel(self.samplingTab)
        self.samplingIntro.setObjectName(u"samplingIntro")
        self.samplingIntro.setWordWrap(True)

        self.samplingLayout.addWidget(self.samplingIntro)

        self.samplingForm = QFormLayout()
        self.samplingForm.setObjectName(u"samplingForm")
        self.temperatureCheck = QCheckBox(self.samplingTab)
        self.temperatureCheck.setObjectName(u"temperatureCheck")

        self.samplingForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.temperatureCheck)

        self.temperatureCheckRow = QHBoxLayout()
        self.temperatureCheckRow.setObjectName(u"temperatureCheckRow")
        self.temperatureSpin = QDoubleSpinBox(self.samplingTab)
        self.temperatureSpin.setObjectName(u"temperatureSpin")
        self.temperatureSpin.setDecimals(2)
        self.temperatureSpin.setMinimum(0.000000000000000)
        self.temperatureSpin.setMaximum(2.000000000000000)
        self.temperatureSpin.setSingleStep(0.100000000000000)
        self.temperatureSpin.setValue(1.000000000000000)

        self.temperatureCheckRow.addWidget(self.temperatureSpin)

        self.temperatureHelp = QToolButton(self.samplingTab)
        self.temperatureHelp.setObjectName(u"temperatureHelp")
        self.temperatureHelp.setAutoRaise(True)

        self.temperatureCheckRow.addWidget(self.temperatureHelp)

        self.temperatureCheckSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.temperatureCheckRow.addItem(self.temperatureCheckSpacer)


        self.samplingForm.setLayout(0, QFormLayout.ItemRole.FieldRole, self.temperatureCheckRow)

        self.topPCheck = QCheckBox(self.samplingTab)
        self.topPCheck.setObjectName(u"topPCheck")

        self.samplingForm.setWidget(1, QFormLayout.ItemRole.LabelRole, self.topPCheck)

        self.topPCheckRow = QHBoxLayout()
        self.topPCheckRow.setObjectName(u"topPCheckRow")
        self.topPSpin = QDoubleSpinBox(self.samplingTab)
        self.topPSpin.setObjectName(u"topPSpin")
        self.topPSpin.setDecimals(2)
        self.topPSpin.setMinimum(0.000000000000000)
        self.topPSpin.setMaximum(1.000000000000000)
        self.topPSpin.setSingleStep(0.050000000000000)
        self.topPSpin.setValue(1.000000000000000)

        self.topPCheckRow.addWidget(self.topPSpin)

        self.topPHelp = QToolButton(self.samplingTab)
        self.topPHelp.setObjectName(u"topPHelp")
        self.topPHelp.setAutoRaise(True)

        self.topPCheckRow.addWidget(self.topPHelp)

        self.topPCheckSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.topPCheckRow.addItem(self.topPCheckSpacer)


        self.samplingForm.setLayout(1, QFormLayout.ItemRole.FieldRole, self.topPCheckRow)

        self.effortCheck = QCheckBox(self.samplingTab)
        self.effortCheck.setObjectName(u"effortCheck")

        self.samplingForm.setWidget(2, QFormLayout.ItemRole.LabelRole, self.effortCheck)

        self.effortCheckRow = QHBoxLayout()
        self.effortCheckRow.setObjectName(u"effortCheckRow")
        self.effortCombo = QComboBox(self.samplingTab)
        self.effortCombo.setObjectName(u"effortCombo")

        self.effortCheckRow.addWidget(self.effortCombo)

        self.effortHelp = QToolButton(self.samplingTab)
        self.effortHelp.setObjectName(u"effortHelp")
        self.effortHelp.setAutoRaise(True)

        self.effortCheckRow.addWidget(self.effortHelp)

        self.effortCheckSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.effortCheckRow.addItem(self.effortCheckSpacer)


        self.samplingForm.setLayout(2, QFormLayout.ItemRole.FieldRole, self.effortCheckRow)

        self.thinkingCheck = QCheckBox(self.samplingTab)
        self.thinkingCheck.setObjectName(u"thinkingCheck")

        self.samplingForm.setWidget(3, QFormLayout.ItemRole.LabelRole, self.thinkingCheck)

        self.thinkingCheckRow = QHBoxLayout()
        self.thinkingCheckRow.setObjectName(u"thinkingCheckRow")
        self.thinkingSpin = QSpinBox(self.samplingTab)
        self.thinkingSpin.setObjectName(u"thinkingSpin")
        self.thinkingSpin.setMinimum(1024)
        self.thinkingSpin.setMaximum(1000000)
        self.thinkingSpin.setSingleStep(1024)
        self.thinkingSpin.setValue(2048)
        self.thinkingSpin.setGroupSeparatorShown(True)

        self.thinkingCheckRow.addWidget(self.thinkingSpin)

        self.thinkingHelp = QToolButton(self.samplingTab)
        self.thinkingHelp.setObjectName(u"thinkingHelp")
        self.thinkingHelp.setAutoRaise(True)

        self.thinkingCheckRow.addWidget(self.thinkingHelp)

        self.thinkingCheckSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.thinkingCheckRow.addItem(self.thinkingCheckSpacer)


        self.samplingForm.setLayout(3, QFormLayout.ItemRole.FieldRole, self.thinkingCheckRow)


        self.samplingLayout.addLayout(self.samplingForm)

        self.samplingSent = QLabel(self.samplingTab)
        self.samplingSent.setObjectName(u"samplingSent")
        self.samplingSent.setWordWrap(True)
        self.samplingSent.setProperty(u"tone", u"muted")

        self.samplingLayout.addWidget(self.samplingSent)

        self.samplingSpacer = QSpacerItem(20, 10, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.samplingLayout.addItem(self.samplingSpacer)

        self.tabs.addTab(self.samplingTab, "")

        self.mainLayout.addWidget(self.tabs)

        self.errorLabel = QLabel(AssistantDialog)
        self.errorLabel.setObjectName(u"errorLabel")
        self.errorLabel.setWordWrap(True)
        self.errorLabel.setProperty(u"tone", u"error")

        self.mainLayout.addWidget(self.errorLabel)

        self.buttonBox = QDialogButtonBox(AssistantDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Save)

        self.mainLayout.addWidget(self.buttonBox)

#if QT_CONFIG(shortcut)
        self.nameLabel.setBuddy(self.nameEdit)
        self.providerLabel.setBuddy(self.providerCombo)
        self.modelLabel.setBuddy(self.modelCombo)
        self.instructionsLabel.setBuddy(self.instructionsEdit)
        self.templateLabel.setBuddy(self.templateEdit)
        self.presetLabel.setBuddy(self.presetCombo)
        self.highWatermarkLabel.setBuddy(self.highWatermarkSpin)
        self.cardLanguageLabel.setBuddy(self.cardLanguageCombo)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.avatarCombo, self.nameEdit)
        QWidget.setTabOrder(self.nameEdit, self.providerCombo)
        QWidget.setTabOrder(self.providerCombo, self.modelCombo)
        QWidget.setTabOrder(self.modelCombo, self.instructionsEdit)
        QWidget.setTabOrder(self.instructionsEdit, self.templateEdit)
        QWidget.setTabOrder(self.templateEdit, self.maxTokensCheck)
        QWidget.setTabOrder(self.maxTokensCheck, self.maxTokensSpin)
        QWidget.setTabOrder(self.maxTokensSpin, self.memoryCheck)
        QWidget.setTabOrder(self.memoryCheck, self.recallCheck)
        QWidget.setTabOrder(self.recallCheck, self.historyLimitCheck)
        QWidget.setTabOrder(self.historyLimitCheck, self.historyLimitSpin)
        QWidget.setTabOrder(self.historyLimitSpin, self.summarizeCheck)
        QWidget.setTabOrder(self.summarizeCheck, self.presetCombo)
        QWidget.setTabOrder(self.presetCombo, self.autoCompactCheck)
        QWidget.setTabOrder(self.autoCompactCheck, self.probeSummariesCheck)
        QWidget.setTabOrder(self.probeSummariesCheck, self.cardLanguageCombo)
        QWidget.setTabOrder(self.cardLanguageCombo, self.highWatermarkSpin)
        QWidget.setTabOrder(self.highWatermarkSpin, self.temperatureCheck)
        QWidget.setTabOrder(self.temperatureCheck, self.temperatureSpin)
        QWidget.setTabOrder(self.temperatureSpin, self.topPCheck)
        QWidget.setTabOrder(self.topPCheck, self.topPSpin)
        QWidget.setTabOrder(self.topPSpin, self.effortCheck)
        QWidget.setTabOrder(self.effortCheck, self.effortCombo)
        QWidget.setTabOrder(self.effortCombo, self.thinkingCheck)
        QWidget.setTabOrder(self.thinkingCheck, self.thinkingSpin)

        self.retranslateUi(AssistantDialog)

        self.tabs.setCurrentIndex(0)


        QMetaObject.connectSlotsByName(AssistantDialog)
    # setupUi

    def retranslateUi(self, AssistantDialog):
        AssistantDialog.setWindowTitle(QCoreApplication.translate("AssistantDialog", u"New assistant", None))
        self.nameLabel.setText(QCoreApplication.translate("AssistantDialog", u"&Name:", None))
#if QT_CONFIG(tooltip)
        self.avatarCombo.setToolTip(QCoreApplication.translate("AssistantDialog", u"Its avatar in the sidebar, its menu and the greeting: an emoji, or one or two letters (empty: the name's initial)", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.avatarCombo.setAccessibleName(QCoreApplication.translate("AssistantDialog", u"Avatar", None))
#endif // QT_CONFIG(accessibility)
        self.nameEdit.setPlaceholderText(QCoreApplication.translate("AssistantDialog", u"e.g. Coder, Writer, Tutor", None))
#if QT_CONFIG(tooltip)
        self.nameEdit.setToolTip(QCoreApplication.translate("AssistantDialog", u"A unique name for this assistant", None))
#endif // QT_CONFIG(tooltip)
        self.providerLabel.setText(QCoreApplication.translate("AssistantDialog", u"&Provider:", None))
        self.providerHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.providerHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"The provider (API and key) this assistant chats through. Add providers under Settings \u2192 Providers.", None))
#endif // QT_CONFIG(tooltip)
        self.modelLabel.setText(QCoreApplication.translate("AssistantDialog", u"Chat &model:", None))
        self.modelHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.modelHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"The model id exactly as the provider names it (e.g. gpt-4o-mini, claude-sonnet-4-5, deepseek-chat). Pick a suggestion or type any id.", None))
#endif // QT_CONFIG(tooltip)
        self.instructionsLabel.setText(QCoreApplication.translate("AssistantDialog", u"&Instructions:", None))
        self.instructionsEdit.setPlaceholderText(QCoreApplication.translate("AssistantDialog", u"System instructions sent at the start of every request", None))
#if QT_CONFIG(tooltip)
        self.instructionsEdit.setToolTip(QCoreApplication.translate("AssistantDialog", u"Sent as the system message of every request in this assistant's topics.", None))
#endif // QT_CONFIG(tooltip)
        self.templateLabel.setText(QCoreApplication.translate("AssistantDialog", u"Input &template:", None))
        self.templateEdit.setText(QCoreApplication.translate("AssistantDialog", u"{{text}}", None))
        self.templateHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.templateHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p>Applied to every user message sent (history included). <code>{{text}}</code> is replaced by the message and must appear in the template, e.g. <code>Answer briefly: {{text}}</code>.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.maxTokensCheck.setText(QCoreApplication.translate("AssistantDialog", u"Max &tokens:", None))
        self.maxTokensSpin.setSuffix(QCoreApplication.translate("AssistantDialog", u" tokens", None))
        self.maxTokensHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.maxTokensHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p>When on, this many tokens are reserved for the reply (the input budget is the context window minus it) and sent as the completion cap. When off, the value is neither reserved nor sent; the model's default applies.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.memoryCheck.setText(QCoreApplication.translate("AssistantDialog", u"Enable assistant &memory", None))
        self.memoryHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.memoryHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"Master switch for this assistant's memory (fixed memory and dreaming). When off, no memory is added to requests and none is written.", None))
#endif // QT_CONFIG(tooltip)
        self.recallCheck.setText(QCoreApplication.translate("AssistantDialog", u"&Recall earlier topics", None))
        self.recallHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.recallHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"Let the model search this assistant's other topics and list its recent ones when you refer to an earlier conversation. Needs memory on; private topics are never searched, and a private topic cannot recall. The topics a reply consulted show in its receipt.", None))
#endif // QT_CONFIG(tooltip)
        self.tabs.setTabText(self.tabs.indexOf(self.generalTab), QCoreApplication.translate("AssistantDialog", u"&General", None))
        self.historyGroup.setTitle(QCoreApplication.translate("AssistantDialog", u"History", None))
        self.historyLimitCheck.setText(QCoreApplication.translate("AssistantDialog", u"&Limit history messages to", None))
        self.historyLimitSpin.setSuffix(QCoreApplication.translate("AssistantDialog", u" messages", None))
#if QT_CONFIG(tooltip)
        self.historyLimitSpin.setToolTip(QCoreApplication.translate("AssistantDialog", u"How many of the newest topic messages each request sends", None))
#endif // QT_CONFIG(tooltip)
        self.historyLimitHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(accessibility)
        self.historyLimitHelp.setAccessibleName(QCoreApplication.translate("AssistantDialog", u"Help", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.historyLimitHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p><b>Limit history messages</b>: send only the newest N topic messages with each request, counted back from your latest message (a long tool loop keeps its newest 20 results). Older messages stay in the topic; with <b>Summarize history</b> on they are folded into the topic summary instead of being dropped silently.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.summarizeCheck.setText(QCoreApplication.translate("AssistantDialog", u"&Summarize history", None))
        self.summarizeHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(accessibility)
        self.summarizeHelp.setAccessibleName(QCoreApplication.translate("AssistantDialog", u"Help", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.summarizeHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p><b>Summarize history</b>: before a send, turns the history limit would drop are summarized by the History Compress model (Settings \u2192 System Agent) into the topic's rolling summary, which is sent in their place. Needs <b>Limit history messages</b>. The memory dream also reads these summaries.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.compactGroup.setTitle(QCoreApplication.translate("AssistantDialog", u"Compact", None))
        self.presetLabel.setText(QCoreApplication.translate("AssistantDialog", u"Assist p&reset:", None))
        self.presetHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(accessibility)
        self.presetHelp.setAccessibleName(QCoreApplication.translate("AssistantDialog", u"Help", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.presetHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p><b>Assist preset</b>: how long the topic summary may get. <b>minimal</b> \u2248 400 tokens, <b>balanced</b> \u2248 600 tokens, <b>rich</b> \u2248 800 tokens. A longer summary keeps more detail and costs more input on every request.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.autoCompactCheck.setText(QCoreApplication.translate("AssistantDialog", u"Token &auto-compact", None))
        self.autoCompactHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(accessibility)
        self.autoCompactHelp.setAccessibleName(QCoreApplication.translate("AssistantDialog", u"Help", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.autoCompactHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p><b>Token auto-compact</b>: when the next request's estimate reaches the high watermark of the input budget, the oldest completed turns are summarized until it is back at the low watermark. It reacts to new messages; it never polls. Compact now (Topic menu or the token badge) works with this off.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.highWatermarkLabel.setText(QCoreApplication.translate("AssistantDialog", u"&High watermark:", None))
#if QT_CONFIG(tooltip)
        self.highWatermarkLabel.setToolTip(QCoreApplication.translate("AssistantDialog", u"When the next request fills this share of what the model can read, older messages are summarized", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(tooltip)
        self.highWatermarkSpin.setToolTip(QCoreApplication.translate("AssistantDialog", u"Share of the input budget at which token auto-compact starts (0.50\u20130.99)", None))
#endif // QT_CONFIG(tooltip)
        self.highWatermarkHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(accessibility)
        self.highWatermarkHelp.setAccessibleName(QCoreApplication.translate("AssistantDialog", u"Help", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.highWatermarkHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p><b>High watermark</b>: the share of the input budget (context window minus the reply reserve) at which token auto-compact starts, 0.50\u20130.99, default 0.80. The <b>low watermark</b>, the target after compacting, is always 0.20 lower (at least 0.10).</p>", None))
#endif // QT_CONFIG(tooltip)
        self.lowWatermarkLabel.setText(QCoreApplication.translate("AssistantDialog", u"Low watermark:", None))
#if QT_CONFIG(tooltip)
        self.lowWatermarkLabel.setToolTip(QCoreApplication.translate("AssistantDialog", u"Summarizing stops once the next request is back down to this share", None))
#endif // QT_CONFIG(tooltip)
        self.lowWatermarkValue.setText(QCoreApplication.translate("AssistantDialog", u"0.60", None))
#if QT_CONFIG(tooltip)
        self.lowWatermarkValue.setToolTip(QCoreApplication.translate("AssistantDialog", u"Read-only: always 0.20 below the high watermark (at least 0.10); auto-compact summarizes until the estimate is back here", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.lowWatermarkValue.setAccessibleName(QCoreApplication.translate("AssistantDialog", u"Low watermark", None))
#endif // QT_CONFIG(accessibility)
        self.probeSummariesCheck.setText(QCoreApplication.translate("AssistantDialog", u"Check new summaries with &probes", None))
#if QT_CONFIG(tooltip)
        self.probeSummariesCheck.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p><b>Check new summaries with probes</b>: after each compaction the History Compress model answers a few questions about the covered turns (files and paths, decisions, open tasks, numbers) with the turns and with only the new summary. A summary that loses an answer is not stored: the old summary stays and the compaction says why. Each probe costs two extra requests.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.cardLanguageLabel.setText(QCoreApplication.translate("AssistantDialog", u"&Language of summaries and dream cards:", None))
#if QT_CONFIG(accessibility)
        self.cardLanguageCombo.setAccessibleName(QCoreApplication.translate("AssistantDialog", u"Language of summaries and dream cards", None))
#endif // QT_CONFIG(accessibility)
        self.cardLanguageHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(accessibility)
        self.cardLanguageHelp.setAccessibleName(QCoreApplication.translate("AssistantDialog", u"Help", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.cardLanguageHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"<p><b>Language of summaries and dream cards</b>: the language the History Compress model writes this assistant's topic summaries and dream cards in. <b>Same as the conversation</b> writes them in the language you chat in, or in the one named under Settings \u2192 System Agent when it names one. The interface language never changes what the model reads.</p>", None))
#endif // QT_CONFIG(tooltip)
        self.tabs.setTabText(self.tabs.indexOf(self.chatPrefTab), QCoreApplication.translate("AssistantDialog", u"Chat &Preference", None))
        self.samplingIntro.setText(QCoreApplication.translate("AssistantDialog", u"Each setting is sent only when ticked; unticked, the provider's default applies. Max tokens is on the General tab.", None))
        self.temperatureCheck.setText(QCoreApplication.translate("AssistantDialog", u"&Temperature:", None))
        self.temperatureHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.temperatureHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"Randomness of the reply, 0\u20132 (lower is more focused). Off: not sent; the model's default applies.", None))
#endif // QT_CONFIG(tooltip)
        self.topPCheck.setText(QCoreApplication.translate("AssistantDialog", u"Top-&p:", None))
        self.topPHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.topPHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"Nucleus sampling, 0\u20131: only the most likely tokens whose probabilities add up to this are considered. Off: not sent.", None))
#endif // QT_CONFIG(tooltip)
        self.effortCheck.setText(QCoreApplication.translate("AssistantDialog", u"Reasoning &effort:", None))
        self.effortHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.effortHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"OpenAI Chat Completions (reasoning_effort) and Responses (reasoning.effort) only; not sent to Anthropic. Reasoning models reject temperature and top-p, so leave those off with it.", None))
#endif // QT_CONFIG(tooltip)
        self.thinkingCheck.setText(QCoreApplication.translate("AssistantDialog", u"Thin&king budget:", None))
        self.thinkingSpin.setSuffix(QCoreApplication.translate("AssistantDialog", u" tokens", None))
        self.thinkingHelp.setText(QCoreApplication.translate("AssistantDialog", u"?", None))
#if QT_CONFIG(tooltip)
        self.thinkingHelp.setToolTip(QCoreApplication.translate("AssistantDialog", u"Anthropic Messages only (thinking.budget_tokens, at least 1,024); not sent to OpenAI formats. Needs Max tokens on (General tab) and below it; temperature and top-p must be off.", None))
#endif // QT_CONFIG(tooltip)
        self.samplingSent.setText("")
        self.tabs.setTabText(self.tabs.indexOf(self.samplingTab), QCoreApplication.translate("AssistantDialog", u"&Sampling", None))
        self.errorLabel.setText("")
    # retranslateUi

